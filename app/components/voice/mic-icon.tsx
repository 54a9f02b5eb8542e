// The widget's icon, apart from ui/icons.tsx: it comes with the widget's chunk after hydration.
import { Icon, type IconProps } from '~/components/ui/icons'

export const MicIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M19 10v1a7 7 0 0 1-14 0v-1M12 18v4" />
  </Icon>
)
