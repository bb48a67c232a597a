import { Icon, type IconProps } from './Icon';

export const ChartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 19h16M6 15l4-4 3 3 5-6" />
  </Icon>
);
