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
  },
})
