// An async boundary, so the shared singletons are negotiated before anything renders.
import('./bootstrap.js');
