// The HPA* layer (web/js/optional_modules.js installs it).
import { installHpa } from './layer.js';

export function install(app) { return installHpa(app); }
