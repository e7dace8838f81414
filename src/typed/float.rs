//! Half-precision and bfloat16 conversions, and debugger-style float text.

/// Which floating-point format a `DW_ATE_float` type uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FloatFormat {
    /// IEEE binary16.
    Half,
    /// bfloat16 (the top half of a binary32).
    BFloat16,
    /// IEEE binary32.
    Single,
    /// IEEE binary64.
    Double,
}

impl FloatFormat {
    /// The format of a float type of `bits` bits named `name`.
    pub(crate) fn of(bits: u64, name: Option<&str>) -> Option<Self> {
        match bits {
            16 => Some(match name {
                Some(n) if n.contains("bf16") || n.contains("bfloat16") => FloatFormat::BFloat16,
                _ => FloatFormat::Half,
            }),
            32 => Some(FloatFormat::Single),
            64 => Some(FloatFormat::Double),
            _ => None,
        }
    }

    /// The value of `raw` (low bits) in this format.
    pub(crate) fn decode_f64(self, raw: u128) -> f64 {
        match self {
            FloatFormat::Half => f64::from(half_to_f32(raw as u16)),
            FloatFormat::BFloat16 => f64::from(f32::from_bits((raw as u32 & 0xffff) << 16)),
            FloatFormat::Single => f64::from(f32::from_bits(raw as u32)),
            FloatFormat::Double => f64::from_bits(raw as u64),
        }
    }

    /// The bits of `v` in this format (round to nearest, ties to even).
    pub(crate) fn encode_f64(self, v: f64) -> u128 {
        match self {
            FloatFormat::Half => u128::from(f64_to_half(v)),
            FloatFormat::BFloat16 => u128::from(f32_to_bf16(v as f32)),
            FloatFormat::Single => u128::from((v as f32).to_bits()),
            FloatFormat::Double => u128::from(v.to_bits()),
        }
    }

    /// Shortest decimal text that reads back to the same bits.
    pub(crate) fn text(self, raw: u128) -> String {
        let v = self.decode_f64(raw);
        if v.is_nan() {
            return if v.is_sign_negative() { "-nan" } else { "nan" }.into();
        }
        if v.is_infinite() {
            return if v > 0.0 { "inf" } else { "-inf" }.into();
        }
        match self {
            FloatFormat::Double => shortest(v, v),
            FloatFormat::Single => shortest(v, v as f32),
            FloatFormat::Half | FloatFormat::BFloat16 => {
                // Integers print exactly (65504, not the shorter 65500 that also reads
                // back to the same half).
                if v.fract() == 0.0 && v.abs() < 16_777_216.0 {
                    return if v == 0.0 && v.is_sign_negative() {
                        "-0".into()
                    } else {
                        format!("{}", v as i64)
                    };
                }
                let want = raw & 0xffff;
                for prec in 0..12 {
                    let s = format!("{v:.prec$e}");
                    if let Ok(back) = s.parse::<f64>()
                        && self.encode_f64(back) == want
                    {
                        return shortest(back, back as f32);
                    }
                }
                format!("{v}")
            }
        }
    }
}

/// `shown` (the value `v` at its own precision, so the shortest digits that read back)
/// in plain notation for moderate magnitudes, exponent notation for very large or small;
/// only the notation used is formatted (once per lane at every stop).
fn shortest<F: std::fmt::Display + std::fmt::LowerExp>(v: f64, shown: F) -> String {
    let a = v.abs();
    if a != 0.0 && !(1e-5..1e16).contains(&a) {
        format!("{shown:e}")
    } else {
        format!("{shown}")
    }
}

/// IEEE binary16 to binary32 (exact).
pub fn half_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: m * 2^-24.
            let v = m as f32 * (1.0 / 16_777_216.0);
            return if sign != 0 { -v } else { v };
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, m) => sign | 0x7fc0_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

/// binary64 to binary16, round to nearest even (directly from f64: no double rounding).
pub fn f64_to_half(v: f64) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 63) as u16) << 15;
    if v.is_nan() {
        return sign | 0x7e00;
    }
    let a = v.abs();
    if a.is_infinite() || a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-25) {
        // Below half the smallest subnormal (ties at exactly 2^-25 round to even = 0).
        return sign;
    }
    // Scale to units of the last place and round to nearest even.
    let exp = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let (e, ulp_exp) = if exp < -14 {
        (0, -24)
    } else {
        (exp + 15, exp - 10)
    };
    let scaled = a / 2f64.powi(ulp_exp);
    let mut m = scaled.round_ties_even() as u32;
    let mut e = e as u32;
    if e == 0 {
        // Subnormal (may round up into the smallest normal, which the encoding absorbs).
        return sign | m as u16;
    }
    if m >= 2048 {
        m >>= 1;
        e += 1;
        if e >= 31 {
            return sign | 0x7c00;
        }
    }
    sign | ((e as u16) << 10) | (m as u16 & 0x3ff)
}

/// binary32 to bfloat16, round to nearest even.
pub fn f32_to_bf16(v: f32) -> u16 {
    let b = v.to_bits();
    if v.is_nan() {
        return ((b >> 16) as u16) | 0x40;
    }
    let round = 0x7fff + ((b >> 16) & 1);
    (b.wrapping_add(round) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_round_trips_every_finite_value() {
        for h in 0u16..=0xffff {
            let f = half_to_f32(h);
            if f.is_nan() {
                continue;
            }
            assert_eq!(f64_to_half(f64::from(f)), h, "{h:#06x} {f}");
            let t = FloatFormat::Half.text(u128::from(h));
            let back: f64 = t.parse().unwrap_or_else(|_| panic!("{t}"));
            assert_eq!(f64_to_half(back), h, "{h:#06x} text {t}");
        }
    }

    #[test]
    fn half_text() {
        assert_eq!(FloatFormat::Half.text(0x3c00), "1");
        assert_eq!(FloatFormat::Half.text(0x4100), "2.5");
        assert_eq!(FloatFormat::Half.text(0x2e66), "0.1");
        assert_eq!(FloatFormat::Half.text(0x7c00), "inf");
        assert_eq!(FloatFormat::Half.text(0xfc00), "-inf");
        assert_eq!(FloatFormat::Half.text(0x7e00), "nan");
        assert_eq!(f64_to_half(65504.0), 0x7bff);
        assert_eq!(f64_to_half(65520.0), 0x7c00);
        assert_eq!(f64_to_half(2f64.powi(-24)), 1);
    }

    #[test]
    fn bf16() {
        assert_eq!(f32_to_bf16(1.0), 0x3f80);
        assert_eq!(FloatFormat::BFloat16.text(0x3f80), "1");
        assert_eq!(FloatFormat::BFloat16.text(0xc020), "-2.5");
        for b in 0u16..=0xffff {
            let f = FloatFormat::BFloat16.decode_f64(u128::from(b));
            if f.is_nan() {
                continue;
            }
            let t = FloatFormat::BFloat16.text(u128::from(b));
            let back: f64 = t.parse().unwrap_or_else(|_| panic!("{t}"));
            assert_eq!(
                FloatFormat::BFloat16.encode_f64(back),
                u128::from(b),
                "{b:#x} {t}"
            );
        }
    }

    #[test]
    fn single_and_double_text() {
        assert_eq!(
            FloatFormat::Single.text(u128::from(2.5f32.to_bits())),
            "2.5"
        );
        assert_eq!(
            FloatFormat::Single.text(u128::from(0.1f32.to_bits())),
            "0.1"
        );
        assert_eq!(
            FloatFormat::Double.text(u128::from(1e300f64.to_bits())),
            "1e300"
        );
        assert_eq!(
            FloatFormat::Double.text(u128::from((-0.0f64).to_bits())),
            "-0"
        );
    }
}
