/**
 * The viewer's light, shipped as numbers: nothing is computed or pre-filtered at load.
 *
 * ENVIRONMENT_SH is a neutral (grey) interior environment projected once, offline, onto order-2 spherical
 * harmonics in three's basis (SphericalHarmonics3, world space, y up); three turns it into irradiance per
 * normal in the shader (a LightProbe), with no environment map, no PMREM pass and no texture. The
 * environment baked is a light room: uniform 0.4, a bright band around the horizon (walls and windows,
 * 0.2 · exp(−(y / 0.4)²)), a soft window lobe 0.3 · max(0, ω · k)³ from k = (−0.55, 0.45, 0.7) normalised
 * (the side the `orbit` camera looks from, so the walls it sees are lit from the front), and the lower
 * hemisphere 1.3 × brighter (a sunlit floor bouncing light up), scaled so that with the sun's share a
 * surface facing up receives exactly 1. Irradiance it gives (fraction of white, before the sun):
 * up 0.75, down 0.87, walls 0.85–0.98 depending on the way they face.
 *
 * With SUN_SHARE from a sun straight above, a white floor, wall or ceiling lit from the front renders
 * white (≥ 0.85 linear, ≥ 236 in sRGB) and a floor shows exactly its material's colour.
 */

/** Share of a floor's light that comes from the sun when it stands straight above. */
export const SUN_SHARE = 0.25;

/** 9 RGB coefficients (radiance SH, three's order); neutral: r = g = b. */
const COEFFICIENTS = [3.102, -0.1786, 0.2077, -0.1632, -0.0916, 0.1166, 0.2464, -0.1623, 0.3476];

export const ENVIRONMENT_SH: readonly number[] = COEFFICIENTS.flatMap((c) => [c, c, c]);

/** Exposure multiplier from the model camera's exposure (photographic stops; 0 or absent: 1). */
export function exposureFromStops(stops: number | undefined): number {
  if (stops === undefined || !Number.isFinite(stops)) return 1;
  return Math.pow(2, Math.max(-4, Math.min(4, stops)));
}
