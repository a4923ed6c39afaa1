import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      // The manifest is the program's, built by the server per host (GET /manifest.webmanifest); index.html links it.
      manifest: false,
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/program\//],
        globPatterns: ['**/*.{js,css,html,svg}'],
        runtimeCaching: [
          {
            // Program texts and configuration: fresh when online, last copy when offline.
            urlPattern: ({ url }) => url.pathname.startsWith('/program/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'program-content', expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:3000', '/program': 'http://localhost:3000' } },
  build: { target: 'es2022', sourcemap: false },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
