import type { Theme } from '../../theme/themes';

/** One theme as a radio card, previewed in its own colours whatever the current theme. */
export function ThemeCard({ theme, selected, onSelect }: { theme: Theme; selected: boolean; onSelect: () => void }) {
  const { colors } = theme;
  return (
    <label className={`theme-card${selected ? ' theme-card-selected' : ''}`}>
      <input type="radio" name="theme" value={theme.id} checked={selected} onChange={onSelect} className="visually-hidden" />
      <span className="theme-preview" style={{ background: colors.background, borderColor: colors.border }} aria-hidden="true">
        <span className="theme-preview-header" style={{ background: colors.header }} />
        <span className="theme-preview-surface" style={{ background: colors.surface, boxShadow: theme.shadows.card }}>
          <span className="theme-preview-line" style={{ background: colors.text }} />
          <span className="theme-preview-line theme-preview-line-short" style={{ background: colors.textSecondary }} />
          <span className="theme-preview-swatches">
            {[colors.primary, colors.secondary, colors.accent, colors.success, colors.warning, colors.error].map((color, index) => (
              <span key={index} style={{ background: color }} />
            ))}
          </span>
        </span>
      </span>
      <span className="theme-card-title">
        <span className="theme-card-name">{theme.name}</span>
        {selected && <span className="badge badge-selected">Selected</span>}
      </span>
      <span className="theme-card-description">{theme.description}</span>
    </label>
  );
}
