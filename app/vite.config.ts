import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

// The standalone app. `npm run build:app` writes dist/app, which the reference server
// serves at /. `npm run dev` serves it with hot reload and proxies the API.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@': root } },
  build: {
    outDir: fileURLToPath(new URL('../dist/app', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/call-center': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
