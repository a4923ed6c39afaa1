// Shown when the program itself cannot load (offline, server down). Texts are not available then, so this
// screen carries its own two short sentences in both languages.

export function BootFailure({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  return (
    <main className="boot-failure" id="main">
      <div className="card" role="alert">
        <h1>
          <span lang="es">{offline ? 'Sin conexión' : 'No pudimos cargar el portal'}</span>
          <span className="boot-failure__sep" aria-hidden="true">
            {' '}
            ·{' '}
          </span>
          <span lang="en">{offline ? 'You are offline' : 'We could not load the portal'}</span>
        </h1>
        <p lang="es">
          {offline ? 'Revise su conexión a internet e intente de nuevo.' : 'Intente de nuevo en unos minutos.'}
        </p>
        <p lang="en">
          {offline ? 'Check your internet connection and try again.' : 'Please try again in a few minutes.'}
        </p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          <span lang="es">Intentar de nuevo</span> / <span lang="en">Try again</span>
        </button>
      </div>
    </main>
  );
}
