import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth';
import { BannerIllustration } from './BannerIllustration';
import { FEATURE_CARDS } from './feature-cards';
import './landing.css';

/** docs/product.md section 2, landing page: visitors see the promise; signed-in users go to the dashboard. */
export function LandingPage() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const signedIn = status === 'authenticated';

  useEffect(() => {
    if (signedIn) navigate('/dashboard', { replace: true });
  }, [signedIn, navigate]);

  if (signedIn) return <p role="status">Redirecting to dashboard...</p>;

  return (
    <div className="landing">
      <BannerIllustration />
      <section className="landing-hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Underground Storage Tank Risk Platform</h1>
        <p className="landing-intro">
          Assess underground storage tank facilities and leak risk across the United States. Explore state and county risk maps, search any address for nearby
          facilities and releases, review tank and compliance records, and compare indicative insurance premiums from several carriers.
        </p>
        <button type="button" className="button button-primary button-large" onClick={() => signIn('/dashboard')}>
          Access Platform
        </button>
      </section>
      <section aria-label="Features">
        <ul className="feature-grid">
          {FEATURE_CARDS.map((card) => (
            <li key={card.title} className="card feature-card">
              <svg className="feature-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                {card.icon}
              </svg>
              <h2>{card.title}</h2>
              <p>{card.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
