import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BrandMark } from '../icons/BrandMark';
import { APP_NAME } from '../shell/Navbar';
import { MAIN_ID } from './SkipLink';

interface ErrorLayoutProps {
  code?: string;
  title: string;
  text: string;
  children?: ReactNode;
}

/** Seed: an error title and text (failed data loading, not found, unauthorized). */
export function ErrorLayout({ code, title, text, children }: ErrorLayoutProps) {
  return (
    <main id={MAIN_ID} className="error-layout" tabIndex={-1}>
      <div className="card error-card">
        <Link to="/" className="brand" aria-label={APP_NAME}>
          <BrandMark className="brand-mark" />
          {APP_NAME}
        </Link>
        {code ? (
          <p className="error-code" aria-hidden="true">
            {code}
          </p>
        ) : null}
        <h1 className="error-title">{title}</h1>
        <p className="error-text">{text}</p>
        {children}
      </div>
    </main>
  );
}
