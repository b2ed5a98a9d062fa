import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API server the dev server proxies to; FIELDPORT_SERVER points it elsewhere (another port).
const server = process.env.FIELDPORT_SERVER ?? 'http://127.0.0.1:3000';

// The identity routes refuse a POST whose Origin is not the server's own (CSRF protection), so the
// dev proxy presents the browser's requests as coming from the server's origin.
const proxy: ProxyOptions = {
  target: server,
  changeOrigin: true,
  configure: (proxyServer) => {
    proxyServer.on('proxyReq', (request) => {
      if (request.getHeader('origin')) request.setHeader('origin', server);
    });
  },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // The service worker of the field app (docs/architecture.md#working-offline): it precaches the
    // build's files and answers app routes with index.html offline. It caches no API answer (they
    // are no-store); offline data is the query cache kept in IndexedDB (app/offline-cache.ts).
    VitePWA({
      registerType: 'prompt',
      // Registered by ui/new-version-prompt.tsx with the shell, never by the sign-in entry.
      injectRegister: false,
      // public/manifest.webmanifest is the manifest, linked from index.html.
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The whole app, so that any screen opened offline has its code.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/graphql/, /^\/api\//, /^\/auth\//, /^\/files\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
  },
  server: {
    proxy: { '/auth': proxy, '/graphql': proxy, '/api': proxy, '/healthz': proxy, '/files': proxy },
  },
});
