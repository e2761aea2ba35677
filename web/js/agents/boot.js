// The agents (web/js/optional_modules.js installs it): the path views, walker, squad, crowd, ghost chase.
import { installAgents } from './index.js';

export function install(app) { return installAgents(app); }
