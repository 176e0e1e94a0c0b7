import { Route, Routes, useLocation } from 'react-router';
import { AppLayout } from './AppLayout';
import { RedirectToFirst, RequireAuth, RouteGate } from './gates';
import { LoginPage } from './login/LoginPage';
import { PAGES } from './pages';
import { PlaceholderPage } from './PlaceholderPage';
import { ROUTES, type AppRoute } from './routes';

function Page({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const Screen = PAGES[route.path];
  // The key gives each address its own form state (/settings/user/1 -> /settings/user/2).
  return Screen ? <Screen key={pathname} /> : <PlaceholderPage route={route} />;
}

export function AppRouter() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          {ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RouteGate route={route}>
                  <Page route={route} />
                </RouteGate>
              }
            />
          ))}
          <Route path="*" element={<RedirectToFirst />} />
        </Route>
      </Route>
    </Routes>
  );
}
