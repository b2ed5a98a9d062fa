import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
  },
  server: {
    proxy: { '/auth': proxy, '/graphql': proxy, '/api': proxy, '/healthz': proxy, '/files': proxy },
  },
});
