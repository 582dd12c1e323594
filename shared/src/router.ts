// The router API every app uses, carried by the '@lighting/shared' singleton so the page holds
// one react-router (its contexts must be one: a remote's useLocation() reads the host's router).
// Why not share 'react-router-dom' directly: a shared module is consumed whole, and MF's
// runtime-infer tree-shaking left 195 KB raw / 62 KB gzip of it on the sign-in page; re-exported
// from here, webpack keeps only these names (docs/architecture.md has the figures).
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useMatch,
  useOutletContext,
  useResolvedPath,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, To, Params } from 'react-router-dom';
