//! WaveState as an evaluation context: registers with per-lane availability, sparse memory
//! per address space, the private_lane <-> private_wave swizzle for wave32 and wave64, flat
//! addresses through the apertures, addrspacecast, and writes everywhere.

use hetdwarf::ErrorKind;
use hetdwarf::eval::Backend;
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::{AddressSpaceId as S, Apertures, FlatTarget, swizzle, unswizzle};
use hetdwarf_amdgpu::registers::Register;

const GLOBAL: u64 = 0;
const GENERIC: u64 = 1;
const REGION: u64 = 2;
const LOCAL: u64 = 3;
const PRIVATE_LANE: u64 = 5;
const PRIVATE_WAVE: u64 = 6;

fn wave(ws: u32) -> WaveState {
    WaveState::new(if ws == 64 { "gfx90a" } else { "gfx1100" }, ws).unwrap()
}

fn read(
    w: &mut WaveState,
    space: u64,
    lane: Option<u32>,
    addr: u64,
    n: usize,
) -> Result<Vec<u8>, ErrorKind> {
    let mut b = vec![0; n];
    w.read_memory(space, lane, addr, &mut b)
        .map_err(|e| e.kind())?;
    Ok(b)
}

#[test]
fn private_lane_writes_land_interleaved() {
    for ws in [32u32, 64] {
        for lane in [0, 1, 3, ws - 1] {
            let mut w = wave(ws);
            let p = 0x10u64;
            w.write_memory(PRIVATE_LANE, Some(lane), p, &[1, 2, 3, 4, 5, 6])
                .unwrap();
            // Dword 4 (p/4) of lane L: (4 * ws + L) * 4.
            let base = (p / 4) * u64::from(ws) * 4 + u64::from(lane) * 4;
            assert_eq!(
                read(&mut w, PRIVATE_WAVE, None, base, 4),
                Ok(vec![1, 2, 3, 4])
            );
            // The next dword of the same lane is one row (ws * 4 bytes) further.
            let next = base + u64::from(ws) * 4;
            assert_eq!(read(&mut w, PRIVATE_WAVE, None, next, 2), Ok(vec![5, 6]));
            // Neighbouring lanes' dwords were not touched.
            assert_eq!(
                read(&mut w, PRIVATE_WAVE, None, base + 4, 1),
                Err(ErrorKind::Unavailable)
            );
            // Read back through the lane view, also unaligned across the dword boundary.
            assert_eq!(
                read(&mut w, PRIVATE_LANE, Some(lane), 0x12, 4),
                Ok(vec![3, 4, 5, 6])
            );
            // Another lane sees nothing there.
            let other = (lane + 1) % ws;
            assert_eq!(
                read(&mut w, PRIVATE_LANE, Some(other), 0x10, 1),
                Err(ErrorKind::Unavailable)
            );
            assert_eq!(swizzle(p, lane, ws), Some(base));
            assert_eq!(unswizzle(base + 2, ws), (lane, p + 2));
        }
    }
}

#[test]
fn private_wave_writes_are_seen_per_lane() {
    let mut w = wave(64);
    // A spilled VGPR: 64 dwords at private_wave 0x400 (p = 0x10 for every lane).
    let data: Vec<u8> = (0..64u32)
        .flat_map(|l| (0x1000 + l).to_le_bytes())
        .collect();
    w.write_memory(PRIVATE_WAVE, None, 0x400, &data).unwrap();
    for lane in 0..64u32 {
        assert_eq!(
            read(&mut w, PRIVATE_LANE, Some(lane), 0x10, 4),
            Ok((0x1000 + lane).to_le_bytes().to_vec())
        );
    }
    // The focused lane is used when no lane is captured.
    w.set_lane(Some(7)).unwrap();
    assert_eq!(
        read(&mut w, PRIVATE_LANE, None, 0x10, 4),
        Ok(0x1007u32.to_le_bytes().to_vec())
    );
    w.set_lane(None).unwrap();
    assert_eq!(
        read(&mut w, PRIVATE_LANE, None, 0x10, 4),
        Err(ErrorKind::MissingContext)
    );
    assert!(w.set_lane(Some(64)).is_err());
}

#[test]
fn generic_addresses_resolve_through_the_apertures() {
    let ap = Apertures::default();
    assert_eq!(ap.shared_base, 0x1_0000_0000_0000);
    assert_eq!(ap.private_base, 0x2_0000_0000_0000);
    assert_eq!(ap.resolve(0x1_0000_0000_0010), FlatTarget::Local(0x10));
    assert_eq!(
        ap.resolve(0x2_0000_ffff_fff0),
        FlatTarget::Private(0xffff_fff0)
    );
    assert_eq!(
        ap.resolve(0x1_0001_0000_0000),
        FlatTarget::Global(0x1_0001_0000_0000)
    );
    assert_eq!(ap.resolve(0x7000), FlatTarget::Global(0x7000));

    for ws in [32u32, 64] {
        let mut w = wave(ws);
        w.write_memory(GLOBAL, None, 0x7000, &[0xaa, 0xbb]).unwrap();
        w.write_memory(LOCAL, None, 0x20, &[0x11, 0x22]).unwrap();
        w.write_memory(PRIVATE_LANE, Some(2), 0x8, &[0x33, 0x44])
            .unwrap();
        // Global.
        assert_eq!(read(&mut w, GENERIC, None, 0x7000, 2), Ok(vec![0xaa, 0xbb]));
        // Shared aperture -> LDS.
        assert_eq!(
            read(&mut w, GENERIC, None, ap.shared_base + 0x20, 2),
            Ok(vec![0x11, 0x22])
        );
        // Private aperture -> the captured (or focused) lane's scratch.
        assert_eq!(
            read(&mut w, GENERIC, Some(2), ap.private_base + 0x8, 2),
            Ok(vec![0x33, 0x44])
        );
        assert_eq!(
            read(&mut w, GENERIC, Some(3), ap.private_base + 0x8, 2),
            Err(ErrorKind::Unavailable)
        );
        assert_eq!(
            read(&mut w, GENERIC, None, ap.private_base + 0x8, 2),
            Err(ErrorKind::MissingContext)
        );
        w.set_lane(Some(2)).unwrap();
        assert_eq!(
            read(&mut w, GENERIC, None, ap.private_base + 0x8, 2),
            Ok(vec![0x33, 0x44])
        );
        // Writes through generic land in the resolved space.
        w.write_memory(GENERIC, None, ap.private_base + 0xc, &[9])
            .unwrap();
        let wv = swizzle(0xc, 2, ws).unwrap();
        assert_eq!(read(&mut w, PRIVATE_WAVE, None, wv, 1), Ok(vec![9]));
        w.write_memory(GENERIC, None, ap.shared_base + 0x22, &[7])
            .unwrap();
        assert_eq!(read(&mut w, LOCAL, None, 0x20, 3), Ok(vec![0x11, 0x22, 7]));
        // A read crossing from global into the shared aperture is split.
        w.write_memory(GLOBAL, None, ap.shared_base - 2, &[5, 6])
            .unwrap();
        w.write_memory(LOCAL, None, 0, &[8]).unwrap();
        assert_eq!(
            read(&mut w, GENERIC, None, ap.shared_base - 2, 3),
            Ok(vec![5, 6, 8])
        );
    }
}

#[test]
fn custom_apertures() {
    let mut w = wave(64);
    w.set_apertures(Apertures {
        shared_base: 0x5_0000_0000,
        private_base: 0x6_0000_0000,
    });
    w.write_memory(LOCAL, None, 4, &[1]).unwrap();
    assert_eq!(read(&mut w, GENERIC, None, 0x5_0000_0004, 1), Ok(vec![1]));
    // The old shared aperture is global now.
    assert_eq!(
        read(&mut w, GENERIC, None, 0x1_0000_0000_0004, 1),
        Err(ErrorKind::Unavailable)
    );
}

#[test]
fn unavailable_is_never_zero() {
    let mut w = wave(64);
    for space in [GLOBAL, REGION, LOCAL, PRIVATE_WAVE] {
        assert_eq!(read(&mut w, space, None, 0, 1), Err(ErrorKind::Unavailable));
        w.write_memory(space, None, 0x100, &[1, 2, 3]).unwrap();
        assert_eq!(read(&mut w, space, None, 0x100, 3), Ok(vec![1, 2, 3]));
        // Partly held is unavailable.
        assert_eq!(
            read(&mut w, space, None, 0xff, 2),
            Err(ErrorKind::Unavailable)
        );
        assert_eq!(
            read(&mut w, space, None, 0x102, 2),
            Err(ErrorKind::Unavailable)
        );
    }
    // Spaces are separate.
    let mut w = wave(64);
    w.write_memory(LOCAL, None, 0, &[1]).unwrap();
    assert_eq!(
        read(&mut w, REGION, None, 0, 1),
        Err(ErrorKind::Unavailable)
    );
    // Undefined address space 4 is ill-formed; 32-bit spaces end at 4 GiB.
    assert_eq!(read(&mut w, 4, None, 0, 1), Err(ErrorKind::IllFormed));
    assert_eq!(
        read(&mut w, LOCAL, None, 0xffff_ffff, 2),
        Err(ErrorKind::Evaluation)
    );
    // A private_lane address whose swizzled address passes 4 GiB.
    assert_eq!(
        read(&mut w, PRIVATE_LANE, Some(0), 0x1000_0000, 1),
        Err(ErrorKind::Evaluation)
    );
}

#[test]
fn registers_with_per_lane_availability() {
    let mut w = wave(64);
    let v1 = 2561;
    let mut b = [0u8; 4];
    assert_eq!(
        w.read_register(v1, 0, 0, &mut b).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    let lanes: Vec<Option<u32>> = (0..64).map(|l| (l != 5).then_some(0x100 + l)).collect();
    w.set_vector(Register::Vgpr(1), &lanes).unwrap();
    w.read_register(v1, 0, 4 * 3, &mut b).unwrap();
    assert_eq!(u32::from_le_bytes(b), 0x103);
    assert_eq!(
        w.read_register(v1, 0, 4 * 5, &mut b).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    // Lanes 4 and 6 around the hole read fine one by one, not together with lane 5.
    let mut b12 = [0u8; 12];
    assert_eq!(
        w.read_register(v1, 0, 16, &mut b12).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    // A whole-dword write makes lane 5 available; a partial one cannot.
    assert_eq!(
        w.write_register(v1, 0, 20, &[1, 2]).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    w.write_register(v1, 0, 20, &[1, 2, 3, 4]).unwrap();
    assert_eq!(w.vector_lane(Register::Vgpr(1), 5), Some(0x04030201));
    w.write_register(v1, 0, 21, &[0xff]).unwrap();
    assert_eq!(w.vector_lane(Register::Vgpr(1), 5), Some(0x0403ff01));
    // Scalars: exec, sgprs, pc; missing ones are unavailable.
    w.set_scalar(Register::Exec, 0xffff_0000_ffff_0000).unwrap();
    let mut e = [0u8; 8];
    w.read_register(17, 0, 0, &mut e).unwrap();
    assert_eq!(u64::from_le_bytes(e), 0xffff_0000_ffff_0000);
    assert_eq!(
        w.read_register(32, 0, 0, &mut b).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    w.write_register(32, 0, 0, &7u32.to_le_bytes()).unwrap();
    assert_eq!(w.scalar(Register::Sgpr(0)), Some(7));
    assert_eq!(
        w.write_register(33, 0, 1, &[1]).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    // Unmapped numbers and other frames are errors, not unavailable.
    assert_eq!(
        w.read_register(1, 0, 0, &mut b).unwrap_err().kind(),
        ErrorKind::Evaluation
    );
    assert_eq!(
        w.read_register(32, 1, 0, &mut b).unwrap_err().kind(),
        ErrorKind::MissingContext
    );
    // Set helpers check widths and kinds.
    assert!(w.set_scalar(Register::Sgpr(0), 1 << 32).is_err());
    assert!(w.set_scalar(Register::Vgpr(0), 1).is_err());
    assert!(w.set_vector(Register::Vgpr(0), &[Some(1)]).is_err());
    assert!(w.set_vector_lane(Register::Vgpr(300), 0, Some(1)).is_err());
    // Wave32 EXEC is 32 bits at DWARF 1.
    let mut w = wave(32);
    w.set_scalar(Register::Exec, 0xffff).unwrap();
    let mut e4 = [0u8; 4];
    w.read_register(1, 0, 0, &mut e4).unwrap();
    assert_eq!(u32::from_le_bytes(e4), 0xffff);
    assert!(w.set_scalar(Register::Exec, 1 << 32).is_err());
}

#[test]
fn address_space_casts() {
    let ap = Apertures::default();
    for ws in [32u32, 64] {
        let mut w = wave(ws);
        // generic -> local / private need the aperture.
        assert_eq!(
            w.convert_address(ap.shared_base + 0x40, GENERIC, LOCAL),
            Ok(0x40)
        );
        assert_eq!(
            w.convert_address(0x7000, GENERIC, LOCAL)
                .unwrap_err()
                .kind(),
            ErrorKind::Evaluation
        );
        assert_eq!(
            w.convert_address(ap.shared_base, GENERIC, PRIVATE_LANE)
                .unwrap_err()
                .kind(),
            ErrorKind::Evaluation
        );
        // Private conversions need a lane.
        assert_eq!(
            w.convert_address(ap.private_base + 8, GENERIC, PRIVATE_LANE)
                .unwrap_err()
                .kind(),
            ErrorKind::MissingContext
        );
        w.set_lane(Some(3)).unwrap();
        assert_eq!(
            w.convert_address(ap.private_base + 8, GENERIC, PRIVATE_LANE),
            Ok(8)
        );
        assert_eq!(
            w.convert_address(ap.private_base + 8, GENERIC, PRIVATE_WAVE),
            Ok(swizzle(8, 3, ws).unwrap())
        );
        // Segment -> generic adds the base.
        assert_eq!(
            w.convert_address(0x40, LOCAL, GENERIC),
            Ok(ap.shared_base + 0x40)
        );
        assert_eq!(
            w.convert_address(8, PRIVATE_LANE, GENERIC),
            Ok(ap.private_base + 8)
        );
        let pw = swizzle(8, 3, ws).unwrap();
        assert_eq!(
            w.convert_address(pw, PRIVATE_WAVE, GENERIC),
            Ok(ap.private_base + 8)
        );
        assert_eq!(w.convert_address(pw, PRIVATE_WAVE, PRIVATE_LANE), Ok(8));
        assert_eq!(w.convert_address(8, PRIVATE_LANE, PRIVATE_WAVE), Ok(pw));
        // A private_wave address of another lane.
        assert_eq!(
            w.convert_address(pw + 4, PRIVATE_WAVE, GENERIC)
                .unwrap_err()
                .kind(),
            ErrorKind::Evaluation
        );
        // Nulls map to nulls.
        assert_eq!(w.convert_address(0, GENERIC, LOCAL), Ok(0xffff_ffff));
        assert_eq!(w.convert_address(0xffff_ffff, LOCAL, GENERIC), Ok(0));
        // none <-> generic: identity for global addresses.
        assert_eq!(w.convert_address(0x7000, GENERIC, GLOBAL), Ok(0x7000));
        assert_eq!(w.convert_address(0x7000, GLOBAL, GENERIC), Ok(0x7000));
        assert_eq!(
            w.convert_address(ap.shared_base, GENERIC, GLOBAL)
                .unwrap_err()
                .kind(),
            ErrorKind::Evaluation
        );
        assert_eq!(
            w.convert_address(ap.private_base + 1, GLOBAL, GENERIC)
                .unwrap_err()
                .kind(),
            ErrorKind::Evaluation
        );
        // No aperture for GDS; undefined spaces.
        assert_eq!(
            w.convert_address(0, REGION, GENERIC).unwrap_err().kind(),
            ErrorKind::Evaluation
        );
        assert_eq!(
            w.convert_address(0, 4, GENERIC).unwrap_err().kind(),
            ErrorKind::Evaluation
        );
        assert_eq!(w.convert_address(5, LOCAL, LOCAL), Ok(5));
    }
}

#[test]
fn load_bias_relocates() {
    let mut w = wave(64);
    assert_eq!(w.relocate(0x1000), 0x1000);
    w.set_load_bias(0x7f00_0000_0000);
    assert_eq!(w.relocate(0x1000), 0x7f00_0000_1000);
    assert_eq!(S::from_name("private_lane"), Some(S::PrivateLane));
}

#[test]
fn processor_and_wave_size_checked() {
    assert!(WaveState::new("gfx90a", 32).is_err());
    assert!(WaveState::new("gfx1100", 64).is_ok());
    assert!(WaveState::new("gfx1250", 64).is_err());
    assert!(WaveState::new("gfx999", 64).is_err());
    assert!(WaveState::new("r600", 64).is_err());
    assert_eq!(
        WaveState::new("gfx90a", 32).unwrap_err().to_string(),
        "gfx90a does not run wave32 (allowed: 64)"
    );
}

#[test]
fn exec_helpers() {
    let mut w = wave(32);
    assert_eq!(w.lane_active(0), None);
    assert_eq!(w.active_lanes().count(), 0);
    w.set_exec(0xffff_ffff_0000_0005);
    assert_eq!(w.exec(), Some(5));
    assert_eq!(w.active_lanes().collect::<Vec<_>>(), vec![0, 2]);
    assert_eq!(w.lane_active(2), Some(true));
    assert_eq!(w.lane_active(1), Some(false));
    assert_eq!(w.lane_active(32), None);
    w.set_pc(0x1c40);
    assert_eq!(w.pc(), Some(0x1c40));
}
