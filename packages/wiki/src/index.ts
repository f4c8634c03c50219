export { buildApp } from './api/app.js';
export { loadConfig, type WikiConfig } from './config.js';
export { openWikiStore, type WikiStore } from './store/database.js';
