/**
 * The landing banner: a cross-section of a fuelling site over a map grid, with tanks below
 * ground, a leak and a risk pin. Drawn in the theme's colours (landing.css), decorative only.
 */
export function BannerIllustration() {
  return (
    <svg className="banner" viewBox="0 0 960 300" role="img" aria-labelledby="banner-title">
      <title id="banner-title">Underground storage tanks beneath a fuelling station, on a map with a risk marker</title>
      <defs>
        <linearGradient id="banner-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" className="banner-sky-from" />
          <stop offset="1" className="banner-sky-to" />
        </linearGradient>
        <linearGradient id="banner-tank" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.6" />
        </linearGradient>
        <pattern id="banner-grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M40 0H0v40" fill="none" stroke="#ffffff" strokeOpacity="0.1" strokeWidth="1" />
        </pattern>
      </defs>

      {/* Sky over a map grid, with county-like outlines and heat cells */}
      <rect width="960" height="300" fill="url(#banner-sky)" />
      <rect width="960" height="168" fill="url(#banner-grid)" />
      <g fill="none" stroke="#ffffff" strokeOpacity="0.22" strokeWidth="1.5">
        <path d="M560 30l70-8 44 30 62-6 40 36-18 46-66 10-40-22-58 8-38-40z" />
        <path d="M674 52l-22 54 40 22M736 46l-6 60M630 22l-18 60" />
      </g>
      <g className="banner-heat">
        <circle cx="640" cy="70" r="9" opacity="0.55" />
        <circle cx="700" cy="92" r="14" opacity="0.4" />
        <circle cx="760" cy="74" r="7" opacity="0.5" />
        <circle cx="600" cy="98" r="6" opacity="0.45" />
      </g>

      {/* Proximity rings and the risk pin */}
      <g fill="none" stroke="#ffffff" strokeDasharray="4 6">
        <ellipse cx="820" cy="150" rx="70" ry="16" strokeOpacity="0.35" />
        <ellipse cx="820" cy="150" rx="120" ry="28" strokeOpacity="0.2" />
      </g>
      <path className="banner-pin" d="M820 150c-16-22-26-36-26-50a26 26 0 0 1 52 0c0 14-10 28-26 50z" />
      <circle cx="820" cy="100" r="11" fill="#ffffff" />
      <text x="820" y="104.5" textAnchor="middle" className="banner-pin-text">
        7
      </text>

      {/* Fuelling station: canopy, posts and two dispensers */}
      <g className="banner-station">
        <rect x="190" y="62" width="230" height="18" rx="4" />
        <rect x="205" y="80" width="8" height="88" />
        <rect x="397" y="80" width="8" height="88" />
        <rect x="246" y="118" width="30" height="50" rx="4" />
        <rect x="334" y="118" width="30" height="50" rx="4" />
      </g>
      <g fill="#ffffff" opacity="0.75">
        <rect x="252" y="126" width="18" height="10" rx="2" />
        <rect x="340" y="126" width="18" height="10" rx="2" />
      </g>

      {/* Ground and soil layers */}
      <rect y="168" width="960" height="132" className="banner-soil" />
      <rect y="168" width="960" height="6" className="banner-surface" />
      <path d="M0 222c120-10 240 10 360 0s260-14 380-2 160 8 220 4v76H0z" className="banner-soil-deep" />
      <g className="banner-stones">
        <circle cx="80" cy="200" r="3" />
        <circle cx="140" cy="260" r="4" />
        <circle cx="520" cy="250" r="3" />
        <circle cx="640" cy="210" r="4" />
        <circle cx="900" cy="240" r="3" />
        <circle cx="760" cy="272" r="3" />
      </g>

      {/* Piping from the dispensers down to the tanks */}
      <g fill="none" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="4" strokeLinecap="round">
        <path d="M261 168v36" />
        <path d="M349 168v20h71v16" />
      </g>

      {/* Two tanks, one with a leak */}
      <g>
        <rect x="150" y="200" width="180" height="56" rx="28" fill="url(#banner-tank)" />
        <path d="M190 202v52M230 200v56M270 200v56M306 203v50" stroke="#000000" strokeOpacity="0.12" strokeWidth="3" />
        <rect x="380" y="200" width="180" height="56" rx="28" fill="url(#banner-tank)" />
        <path d="M420 202v52M460 200v56M500 200v56M536 203v50" stroke="#000000" strokeOpacity="0.12" strokeWidth="3" />
      </g>
      <g className="banner-leak">
        <path d="M548 262c6 9 9 14 9 18a9 9 0 0 1-18 0c0-4 3-9 9-18z" />
        <ellipse cx="560" cy="286" rx="34" ry="6" opacity="0.45" />
      </g>
    </svg>
  );
}
