/** docs/product.md section 8, router fallback. Plain links: it may render outside the router. */
export function UnexpectedError({ notFound = false }: { notFound?: boolean }) {
  return (
    <div className="notice notice-error card" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{notFound ? `There is no page at ${window.location.pathname}.` : 'Something went wrong while showing this page. The error has been reported.'}</p>
      <a className="button button-primary" href="/">
        Go to the home page
      </a>
    </div>
  );
}
