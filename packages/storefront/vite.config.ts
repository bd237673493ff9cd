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
        // React in one shared chunk, fetched only by pages that have islands. The product page's chunk is the one
        // SPEC.md names 'commerce-product-variants' (src/commerce/commerce-product-variants.ts), fetched with the two
        // chunks it names by number, 88 and 116 (the reference's bundler numbers its shared chunks; here 88 is the
        // variant choice: which variant a selection names, its price, stock and image, the quantity rules; 116 is
        // adding to the cart: the add-to-cart call and the button's states, which the quick view shares).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: '88', test: /src[\\/]commerce[\\/](variants|product-view|quantity)\.ts$/, priority: 2, includeDependenciesRecursively: false },
            { name: '116', test: /src[\\/]commerce[\\/](add-to-cart|button|urls)\.ts$/, priority: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
})
