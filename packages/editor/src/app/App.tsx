import type { OwnerApi } from '../api/owner.js'
import { NavigationProvider } from './navigation.js'
import { Screens } from './Screens.js'
import { SessionProvider } from './session.js'

export function App({ api }: { api?: OwnerApi }) {
  return (
    <NavigationProvider>
      <SessionProvider api={api}>
        <Screens />
      </SessionProvider>
    </NavigationProvider>
  )
}
