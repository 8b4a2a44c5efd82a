use super::*;

#[test]
#[ignore]
fn debug_stats() {
    use crate::engine::ai::{Level, NoInfo, play_level};
    use std::sync::atomic::AtomicBool;
    let never = AtomicBool::new(false);
    let pairs = [
        (Level::Casual, Level::Casual),
        (Level::Club, Level::Club),
        (Level::Novice, Level::Club),
        (Level::Casual, Level::Club),
        (Level::Novice, Level::Casual),
    ];
    for (a, b) in pairs.into_iter().skip(1).take(1) {
        for seed in 0..3u64 {
            let t0 = std::time::Instant::now();
            let mut game = Game::new(15, Rule::Freestyle).unwrap();
            let mut stats = (0, 0, 0, 0, 0);
            let mut tplay = std::time::Duration::ZERO;
            let mut tvct = std::time::Duration::ZERO;
            let mut worst = std::time::Duration::ZERO;
            while !game.outcome().is_over() && game.ply() < 150 {
                let mut t = threats::Threats::new(&game, false);
                let me = t.side();
                if !t.has_five_point(me) && !t.has_five_point(me.opponent()) {
                    if t.wins(VCF_DEPTH, VCF_NODES).is_some() {
                        stats.0 += 1;
                        let r = t.analyse_root(VCF_DEPTH, VCF_NODES);
                        let w = r.winners();
                        if w.len() == 1 && w[0].1 >= 3 {
                            stats.1 += 1;
                        }
                    } else {
                        let mut v = threats::Threats::new(&game, true);
                        if v.wins(VCT_DEPTH, VCT_NODES).is_some() {
                            stats.2 += 1;
                            let ta = std::time::Instant::now();
                            let r = v.analyse_root(VCT_DEPTH, VCT_NODES);
                            tvct += ta.elapsed();
                            worst = worst.max(ta.elapsed());
                            let w = r.winners();
                            if w.len() == 1 {
                                stats.3 += 1;
                            }
                        }
                    }
                }
                stats.4 += 1;
                let level = if game.ply() % 2 == 0 { a } else { b };
                let tp = std::time::Instant::now();
                let m = play_level(
                    level,
                    &game,
                    seed * 1000 + game.ply() as u64,
                    1.0,
                    &never,
                    &mut NoInfo,
                )
                .best
                .unwrap();
                tplay += tp.elapsed();
                game.play(m).unwrap();
            }
            eprintln!("play {tplay:?} vct analysis {tvct:?} worst {worst:?}");
            eprintln!(
                "{a:?}-{b:?} seed {seed}: plies {} vcf {} unique {} vct {} unique {} in {:?}",
                stats.4,
                stats.0,
                stats.1,
                stats.2,
                stats.3,
                t0.elapsed()
            );
        }
    }
}

#[test]
#[ignore]
fn debug_figures() {
    let text = std::fs::read_to_string("/tmp/pz1/gomoku.txt").unwrap();
    let set = parse(&text).unwrap();
    for p in &set.puzzles {
        eprintln!(
            "{} {:?} depth {} size {} tries {} forb {}",
            p.id,
            p.kind,
            p.solution.depth(),
            p.solution.size(),
            p.tries,
            p.forbidden
        );
    }
    let text = std::fs::read_to_string("/tmp/pz1/connect4.txt").unwrap();
    let set = parse(&text).unwrap();
    for p in &set.puzzles {
        eprintln!(
            "{} {:?} depth {} size {} tries {}",
            p.id,
            p.kind,
            p.solution.depth(),
            p.solution.size(),
            p.tries
        );
    }
}
