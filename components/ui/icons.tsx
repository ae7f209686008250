type IconProps = React.ComponentProps<'svg'>;

function icon(paths: React.ReactNode, viewBox = '0 0 20 20') {
  function Icon(props: IconProps) {
    return (
      <svg viewBox={viewBox} aria-hidden="true" focusable="false" {...props}>
        {paths}
      </svg>
    );
  }
  return Icon;
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const SearchIcon = icon(
  <path {...stroke} d="M12.01 12a4.25 4.25 0 1 0-6.02-6 4.25 4.25 0 0 0 6.02 6Zm0 0 3.24 3.25" />,
);
export const MenuIcon = icon(<path {...stroke} d="M3.5 6h13M3.5 10h13M3.5 14h13" />);
export const CloseIcon = icon(<path {...stroke} d="m5.5 5.5 9 9m0-9-9 9" />);
export const CopyIcon = icon(
  <path
    {...stroke}
    d="M7 4.5A1.5 1.5 0 0 1 8.5 3h6A1.5 1.5 0 0 1 16 4.5v6a1.5 1.5 0 0 1-1.5 1.5h-6A1.5 1.5 0 0 1 7 10.5v-6ZM13 12v3.5a1.5 1.5 0 0 1-1.5 1.5h-6A1.5 1.5 0 0 1 4 15.5v-6A1.5 1.5 0 0 1 5.5 8H7"
  />,
);
export const CheckIcon = icon(<path {...stroke} strokeWidth={2} d="m4.5 10.5 3.5 3.5 7.5-8" />);
export const ArrowRightIcon = icon(<path {...stroke} d="M4 10h11m0 0-4-4m4 4-4 4" />);
export const ArrowLeftIcon = icon(<path {...stroke} d="M16 10H5m0 0 4-4m-4 4 4 4" />);
export const PencilIcon = icon(
  <path
    {...stroke}
    d="m12.5 4.5 3 3M4 16l.75-3.5 8.5-8.5a1.4 1.4 0 0 1 2 0l1 1a1.4 1.4 0 0 1 0 2l-8.5 8.5L4 16Z"
  />,
);
export const ExternalIcon = icon(<path {...stroke} d="M8 5H5v10h10v-3M11 4h5v5m0-5-7 7" />);
export const SunIcon = icon(
  <>
    <circle cx="10" cy="10" r="3.25" {...stroke} />
    <path
      {...stroke}
      d="M10 2.75v1.5M10 15.75v1.5M15.13 4.87l-1.06 1.06M5.93 14.07l-1.06 1.06M17.25 10h-1.5M4.25 10h-1.5M15.13 15.13l-1.06-1.06M5.93 5.93 4.87 4.87"
    />
  </>,
);
export const MoonIcon = icon(
  <path {...stroke} d="M15.22 12.16A6.25 6.25 0 0 1 7.84 4.78 6.25 6.25 0 1 0 15.22 12.16Z" />,
);
export const InfoIcon = icon(
  <>
    <circle cx="8" cy="8" r="8" strokeWidth="0" />
    <path fill="none" strokeWidth="1.5" strokeLinecap="round" d="M6.75 7.75h1.5v3.5M8 5.5v.01" />
  </>,
  '0 0 16 16',
);
export const XIcon = icon(
  <path
    fill="currentColor"
    d="M11.1 8.9 16.57 2.5h-1.3l-4.75 5.56L6.73 2.5H2.36l5.74 8.36-5.74 6.68h1.3l5.02-5.84 4.01 5.84h4.37L11.1 8.9Zm-1.77 2.07-.58-.83L4.12 3.47h1.99l3.73 5.34.58.83 4.86 6.95h-1.99l-3.96-5.62Z"
  />,
);
export const GitHubIcon = icon(
  <path
    fill="currentColor"
    fillRule="evenodd"
    d="M10 1.67a8.33 8.33 0 0 0-2.63 16.24c.41.08.57-.18.57-.4v-1.55c-2.32.5-2.81-.99-2.81-.99-.38-.96-.93-1.22-.93-1.22-.76-.52.06-.5.06-.5.84.05 1.28.86 1.28.86.74 1.28 1.95.91 2.43.7.07-.54.29-.91.53-1.12-1.85-.21-3.8-.93-3.8-4.12 0-.91.33-1.66.86-2.24-.09-.21-.37-1.06.08-2.2 0 0 .7-.22 2.29.86a7.9 7.9 0 0 1 4.17 0c1.59-1.08 2.29-.86 2.29-.86.45 1.14.17 1.99.08 2.2.54.58.86 1.33.86 2.24 0 3.2-1.95 3.9-3.81 4.11.3.26.57.77.57 1.55v2.3c0 .22.15.48.58.4A8.34 8.34 0 0 0 10 1.67Z"
    clipRule="evenodd"
  />,
);
export const DiscordIcon = icon(
  <path
    fill="currentColor"
    d="M16.24 4.27a14.1 14.1 0 0 0-3.5-1.09l-.44.9a13 13 0 0 0-3.92 0l-.45-.9a14.1 14.1 0 0 0-3.5 1.09C2.21 7.58 1.61 10.8 1.91 13.98a14.2 14.2 0 0 0 4.3 2.17l.92-1.5a9.2 9.2 0 0 1-1.45-.7l.36-.27a10.1 10.1 0 0 0 8.72 0l.36.27c-.46.27-.95.5-1.45.7l.92 1.5a14.2 14.2 0 0 0 4.3-2.17c.36-3.69-.6-6.88-2.65-9.71ZM7.23 12.03c-.84 0-1.53-.77-1.53-1.72s.67-1.72 1.53-1.72 1.54.78 1.53 1.72c0 .95-.68 1.72-1.53 1.72Zm5.54 0c-.84 0-1.53-.77-1.53-1.72s.67-1.72 1.53-1.72 1.54.78 1.53 1.72c0 .95-.67 1.72-1.53 1.72Z"
  />,
);
