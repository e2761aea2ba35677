// Installs the HPA* layer once the playground is ready (window.playground, set by main.js):
// one <script type="module"> line in index.html, after main.js. window.hpa is the layer (for tests).
import { installHpa } from './layer.js';
import { installWhenReady } from '../extension.js';

installWhenReady('HPA*', (app) => { window.hpa = installHpa(app); });
