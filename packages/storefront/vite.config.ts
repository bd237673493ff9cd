import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The visitor runtime: one small entry (dist/storefront.js) plus lazily loaded island chunks, served by the
// server at /assets/storefront/*.
export default defineConfig({
  base: '/assets/storefront/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: false,
    rolldownOptions: {
      input: 'src/main.ts',
      output: {
        entryFileNames: 'storefront.js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // React in one shared chunk, fetched only by pages that have islands.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
})
