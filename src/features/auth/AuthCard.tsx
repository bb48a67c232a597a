import type { ReactNode } from 'react';
import { BasicLayout } from '../../ui/layouts/BasicLayout';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

/** The frame of every guest form: the basic layout with a centred card. */
export function AuthCard({ title, subtitle, footer, wide = false, children }: AuthCardProps) {
  return (
    <BasicLayout>
      <section className={`card auth-card${wide ? ' auth-card-wide' : ''}`} aria-labelledby="auth-title">
        <div className="card-body">
          <header className="auth-header">
            <h1 id="auth-title" className="auth-title">
              {title}
            </h1>
            {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
          </header>
          {children}
          {footer ? <div className="auth-footer">{footer}</div> : null}
        </div>
      </section>
    </BasicLayout>
  );
}
