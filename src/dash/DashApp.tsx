import { BrowserRouter, Route, Routes } from "react-router";
import Toaster from "../ui/Toaster";
import AuthGuard from "./AuthGuard";
import DashShell from "./shell/DashShell";
import ScreenOutlet from "./ScreenOutlet";
import WorkspaceGate from "./WorkspaceGate";
import NotFoundScreen from "./screens/NotFoundScreen";
import { DASH_BASE, dashRoutes } from "./routes";

const indexRoute = dashRoutes.find((route) => route.index);

/** The client-only workspace: the guard, the user's records, then the router with one lazy screen per route. */
export default function DashApp() {
  return (
    <>
      <AuthGuard>
        <WorkspaceGate>
          <BrowserRouter>
            <Routes>
              <Route path={DASH_BASE} element={<DashShell />}>
                {indexRoute && <Route index element={<ScreenOutlet path={indexRoute.path} />} />}
                {dashRoutes.map((route) => (
                  <Route key={route.path} path={route.path} element={<ScreenOutlet path={route.path} />} />
                ))}
                <Route path="*" element={<NotFoundScreen />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </WorkspaceGate>
      </AuthGuard>
      <Toaster />
    </>
  );
}
