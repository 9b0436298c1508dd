import { EmptyState, buttonClassName } from '@kith/web-kit';
import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <EmptyState
      icon={<Compass className="size-6" />}
      title="Page not found"
      headingLevel={1}
      description="The page you were looking for does not exist."
      action={
        <Link to="/dashboard" className={buttonClassName('primary')}>
          Go to Dashboard
        </Link>
      }
    />
  );
}
