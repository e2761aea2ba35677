// The subgoal-graph layer (web/js/optional_modules.js installs it).
import { installSubgoals } from './layer.js';

export function install(app) { return installSubgoals(app); }
