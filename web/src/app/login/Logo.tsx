/** The Frota mark: a map pin around a road, drawn inline. */
export function Logo({ size = 64 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label="Frota">
      <path d="M32 2C19 2 9 12 9 25c0 17 23 37 23 37s23-20 23-37C55 12 45 2 32 2z" fill="#ef6c00" />
      <circle cx="32" cy="25" r="13" fill="#ffffff" />
      <path d="M29 14h6l3 22h-12z" fill="#37474f" />
      <path d="M31.3 16h1.4l.3 4h-2zM31 23h2l.3 5h-2.6zM30.6 31h2.8l.4 4h-3.6z" fill="#ffd54f" />
    </svg>
  );
}
