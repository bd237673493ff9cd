export { buildApp, VERSION, type App } from './build-app.js'
export { DEMO_MEMBER, DEMO_OWNER, DEMO_SITE_TITLE } from './demo.js'
