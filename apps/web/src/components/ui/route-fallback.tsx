import { Spinner } from './spinner';

/**
 * A page still loading: the spinner, and the whole screen below the bar kept, so the footer is not
 * drawn there first and then pushed away by the page (a layout shift on every page the browser renders).
 */
export function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-start justify-center pt-[25vh]">
      <Spinner />
    </div>
  );
}
