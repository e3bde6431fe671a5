// The route shown and the address bar kept in step with it: links and the sessions navigate
// here (pushState, or replaceState), the back and forward buttons and hash links come back
// here (popstate, hashchange). What each route is and its URL: router.ts.
import { type Route, parseRoute, routeUrl, sameRoute } from "../router";

/** Called after the route changed (or was navigated to again), in the order added. */
export type RouteListener = (prev: Route, next: Route) => void;

/** The part of the browser's window routing uses (a fake one in tests). */
export interface RoutingWindow {
  location: { pathname: string; hash: string; search: string };
  history: Pick<History, "pushState" | "replaceState">;
  addEventListener(type: "popstate" | "hashchange", fn: () => void): void;
}

export class Routing {
  private current: Route;
  private readonly listeners: RouteListener[] = [];

  constructor(private readonly win: RoutingWindow) {
    this.current = parseRoute(win.location);
  }

  get route(): Route {
    return this.current;
  }

  onChange(l: RouteListener): void {
    this.listeners.push(l);
  }

  /** Follows the back and forward buttons and hash links from now on. */
  listen(): void {
    this.win.addEventListener("popstate", () => this.set(parseRoute(this.win.location)));
    this.win.addEventListener("hashchange", () => this.set(parseRoute(this.win.location)));
  }

  /**
   * Shows `r`: a new history entry (or, with `replace`, the current one rewritten) when its
   * URL differs; the listeners hear of it even when it is the route shown (a page asked again).
   */
  navigate(r: Route, replace = false): void {
    if (!sameRoute(r, this.current)) {
      const url = routeUrl(r);
      if (replace) this.win.history.replaceState(null, "", url);
      else this.win.history.pushState(null, "", url);
    }
    this.set(r);
  }

  private set(r: Route): void {
    const prev = this.current;
    this.current = r;
    for (const l of this.listeners) l(prev, r);
  }
}
