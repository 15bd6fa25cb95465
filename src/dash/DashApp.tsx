import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import AuthGuard from "./AuthGuard";
import DashLayout from "./DashLayout";
import PlaceholderScreen from "./screens/PlaceholderScreen";
import { DASH_BASE, dashScreens } from "./screens";

const indexScreen = dashScreens.find((screen) => screen.index);

/** The client-only dashboard: the guard, then the router with one route per screen. */
export default function DashApp() {
  return (
    <AuthGuard>
      <BrowserRouter>
        <Routes>
          <Route path={DASH_BASE} element={<DashLayout />}>
            {indexScreen && <Route index element={<PlaceholderScreen screen={indexScreen} />} />}
            {dashScreens.map((screen) => (
              <Route key={screen.path} path={screen.path} element={<PlaceholderScreen screen={screen} />} />
            ))}
            <Route path="*" element={<Navigate to={DASH_BASE} replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </AuthGuard>
  );
}
