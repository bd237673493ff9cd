import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// Served by the server at /config (any /config/* path that is not a file serves index.html).
export default defineConfig({
  base: '/config/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Vendor code in chunks of its own: their content hashes (and so the visitors' immutable caches) survive
        // releases that change only the editor's code. Tiptap/ProseMirror load only with the text editor.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor-tiptap', test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/ },
          ],
        },
      },
    },
  },
})
