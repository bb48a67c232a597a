import type { CSSProperties } from 'react';
import './skeleton.css';

/**
 * A grey placeholder with the seed's wave animation (still when the user prefers reduced motion).
 * Seed defaults: 200 wide, 100 high; either may be any CSS length. Hidden from assistive
 * technology: the region that holds skeletons says it is busy instead.
 */
export function Skeleton({
  width = 200,
  height = 100,
  radius,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
  className?: string;
}) {
  const style: CSSProperties = { width, height, ...(radius !== undefined ? { borderRadius: radius } : {}) };
  return <span className={`skeleton skeleton-wave${className ? ` ${className}` : ''}`} style={style} aria-hidden="true" />;
}
