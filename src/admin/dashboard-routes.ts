import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_ASSETS } from '../assets/package-files.js';
import { ADMIN_PREFIX } from '../protocol.js';

/**
 * The page, read and inlined when first asked for in this process, then shared by every server: files
 * of the package, which do not change while it runs, and which most servers (one per test) never serve.
 */
let page: Promise<string> | undefined;

const FILES = [
  'dashboard.css',
  'dashboard.js',
  'coverage.css',
  'coverage.js',
  'state.css',
  'state.js',
  'drift.css',
  'drift.js',
  'sent.css',
  'sent.js',
  'lint.css',
  'lint.js',
  'har.js',
  'traffic.css',
  'traffic.js',
];

function dashboardPage(): Promise<string> {
  page ??= Promise.all(['index.html', ...FILES].map((f) => readFile(new URL(f, DASHBOARD_ASSETS), 'utf8'))).then(
    ([html, ...assets]) =>
      FILES.reduce(
        (text, file, i) =>
          file.endsWith('.css')
            ? text.replace(`<link rel="stylesheet" href="${file}">`, () => `<style>\n${assets[i]}</style>`)
            : text.replace(`<script src="${file}"></script>`, () => `<script>\n${assets[i]}</script>`),
        html ?? '',
      ),
    (error: unknown) => {
      page = undefined;
      throw error;
    },
  );
  return page;
}

/**
 * The live dashboard: one self-contained page (style and script inlined), so it works offline and,
 * with an admin token, loads from a single `?token=` URL.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const send = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await dashboardPage());
  app.get(`${ADMIN_PREFIX}/`, send);
  app.get(`${ADMIN_PREFIX}/index.html`, send);
  app.get(ADMIN_PREFIX, async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    return reply.redirect(`${ADMIN_PREFIX}/${queryAt === -1 ? '' : request.url.slice(queryAt)}`);
  });
}
