import { Icon, type IconProps } from './Icon';

export const NewsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 4h12a1 1 0 0 1 1 1v14a1 1 0 0 0 2 0V8h-2" />
    <path d="M4 4v15a1 1 0 0 0 1 1h15M8 8h6M8 12h6M8 16h4" />
  </Icon>
);
