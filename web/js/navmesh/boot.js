// The navigation-mesh layer and the any-angle path lines (web/js/optional_modules.js installs it).
import { installNavMesh } from './layer.js';

export function install(app) { return installNavMesh(app); }
