import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_ASSETS } from '../assets/package-files.js';
import { ADMIN_PREFIX } from '../protocol.js';

/**
 * The live dashboard: one self-contained page (style and script inlined at start-up), so it works
 * offline and, with an admin token, loads from a single `?token=` URL.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const files = ['dashboard.css', 'dashboard.js', 'coverage.css', 'coverage.js'];
  const [html, ...assets] = await Promise.all(['index.html', ...files].map((f) => readFile(new URL(f, DASHBOARD_ASSETS), 'utf8')));
  const page = files.reduce(
    (text, file, i) =>
      file.endsWith('.css')
        ? text.replace(`<link rel="stylesheet" href="${file}">`, () => `<style>\n${assets[i]}</style>`)
        : text.replace(`<script src="${file}"></script>`, () => `<script>\n${assets[i]}</script>`),
    html ?? '',
  );
  const send = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  app.get(`${ADMIN_PREFIX}/`, send);
  app.get(`${ADMIN_PREFIX}/index.html`, send);
  app.get(ADMIN_PREFIX, async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    return reply.redirect(`${ADMIN_PREFIX}/${queryAt === -1 ? '' : request.url.slice(queryAt)}`);
  });
}
