package rating

// glickoScale converts between the Glicko scale (r, RD) and Glicko-2's own (μ, φ).
const glickoScale = 173.7178

// mu returns μ = (r − 1500) / 173.7178 (step 2).
func mu(r float64) float64 { return (r - InitialRating) / glickoScale }

// phi returns φ = RD / 173.7178 (step 2).
func phi(rd float64) float64 { return rd / glickoScale }

// fromMu returns r′ = 173.7178 μ′ + 1500 (step 8).
func fromMu(mu float64) float64 { return glickoScale*mu + InitialRating }

// fromPhi returns RD′ = 173.7178 φ′ (step 8).
func fromPhi(phi float64) float64 { return glickoScale * phi }
