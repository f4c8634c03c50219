import { buildApp } from './src/api/app.js';
import { importReferenceWiki } from './test/helpers/reference-wiki.js';
const wiki = await importReferenceWiki();
const app = await buildApp({ store: wiki.store, site: wiki.site });
const url = '/api.php?format=php&action=query&prop=categoryinfo%7Cpageimages&generator=alllinks&pithumbsize=0&gallimit=max&export=&errorformat=plaintext';
for (let i = 0; i < 4; i++) {
  const c = process.cpuUsage(); const t = performance.now();
  const r = await app.inject({ method: 'GET', url });
  const u = process.cpuUsage(c);
  console.log(r.statusCode, r.body.length, (performance.now() - t).toFixed(0), 'ms wall', ((u.user + u.system) / 1000).toFixed(0), 'ms cpu');
}
await app.close(); await wiki.dispose();
