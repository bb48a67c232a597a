import { Icon, type IconProps } from './Icon';

/** Investing: people following a rising line. */
export const InvestIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 17l5-5 4 3 7-8" />
    <path d="M15 7h4v4" />
    <circle cx="6" cy="20" r="1.2" />
    <circle cx="11" cy="20" r="1.2" />
    <circle cx="16" cy="20" r="1.2" />
  </Icon>
);
