// Loads the agents modules once the playground is ready (window.playground, set by main.js):
// <script type="module" src="js/agents/boot.js"></script> after main.js is all a page needs.
import { installAgents } from './index.js';
import { installWhenReady } from '../extension.js';

installWhenReady('agents', (app) => { window.agents = installAgents(app); });
