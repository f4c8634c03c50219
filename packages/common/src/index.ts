export * from './cli.js';
export * from './database.js';
export * from './env.js';
export * from './health.js';
export * from './migrations.js';
export * from './precompiled.js';
export * from './server.js';
