import { Icon, type IconProps } from './Icon';

/** IPO: a new listing taking off. */
export const RocketIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3c3 2 5 5.5 5 9.5L15 17H9l-2-4.5C7 8.5 9 5 12 3z" />
    <circle cx="12" cy="10" r="1.8" />
    <path d="M9 17l-2.5 3M15 17l2.5 3M12 17v4" />
  </Icon>
);
