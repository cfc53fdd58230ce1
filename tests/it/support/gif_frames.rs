//! Animated GIFs decoded with the `gif` crate's decoder and composited as a viewer shows
//! them (each frame drawn over the one before, transparent pixels keeping what was there).
//!
//! A replay writes a move's picture as one GIF frame or a few: all but the last show for
//! [`SUB_FRAME_CS`], the last longer. Pictures are counted here: a picture ends with a
//! frame that shows longer than that.
#![allow(dead_code)]

use parxis::render::image::anim::SUB_FRAME_CS;

/// One picture as shown: RGB pixels of the whole screen (only for the pictures asked
/// for, and the last one; else empty), and how long it shows in all.
pub struct Shown {
    pub rgb: Vec<u8>,
    pub delay_cs: u16,
    /// The rectangles its frames covered: left, top, width, height.
    pub rects: Vec<(u16, u16, u16, u16)>,
    /// The delays of its frames.
    pub delays: Vec<u16>,
}

impl Shown {
    /// The pixels its frames covered, in all.
    #[must_use]
    pub fn area(&self) -> usize {
        self.rects
            .iter()
            .map(|r| usize::from(r.2) * usize::from(r.3))
            .sum()
    }
}

/// A decoded animation.
pub struct Decoded {
    pub width: usize,
    pub height: usize,
    /// Its pictures.
    pub frames: Vec<Shown>,
    /// How many GIF frames it has.
    pub gif_frames: usize,
    pub repeat_forever: bool,
}

/// Decodes `bytes` and composites every frame, keeping the pixels of pictures `keep` and
/// of the last one.
///
/// # Panics
/// If the bytes are not a GIF with a global palette.
#[must_use]
pub fn decode(bytes: &[u8], keep: &[usize]) -> Decoded {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let (w, h) = (usize::from(d.width()), usize::from(d.height()));
    let mut palette = d.global_palette().expect("a global palette").to_vec();
    let mut canvas = vec![0u8; w * h];
    let mut frames: Vec<Shown> = Vec::new();
    let (mut rects, mut delays) = (Vec::new(), Vec::new());
    let mut gif_frames = 0;
    while let Some(f) = d.read_next_frame().expect("a frame") {
        gif_frames += 1;
        let (fw, left, top) = (
            usize::from(f.width),
            usize::from(f.left),
            usize::from(f.top),
        );
        for (y, row) in f.buffer.chunks_exact(fw.max(1)).enumerate() {
            let line = &mut canvas[(top + y) * w + left..(top + y) * w + left + fw];
            match f.transparent {
                None => line.copy_from_slice(row),
                Some(t) => {
                    for (c, &i) in line.iter_mut().zip(row) {
                        if i != t {
                            *c = i;
                        }
                    }
                }
            }
        }
        if let Some(p) = &f.palette {
            palette.clone_from(p);
        }
        rects.push((f.left, f.top, f.width, f.height));
        delays.push(f.delay);
        if f.delay == SUB_FRAME_CS {
            continue;
        }
        let rgb = if keep.contains(&frames.len()) {
            to_rgb(&canvas, &palette)
        } else {
            Vec::new()
        };
        frames.push(Shown {
            rgb,
            delay_cs: delays.iter().sum(),
            rects: std::mem::take(&mut rects),
            delays: std::mem::take(&mut delays),
        });
    }
    assert!(rects.is_empty(), "the GIF ends within a picture");
    if let Some(last) = frames.last_mut() {
        last.rgb = to_rgb(&canvas, &palette);
    }
    Decoded {
        width: w,
        height: h,
        frames,
        gif_frames,
        repeat_forever: d.repeat() == gif::Repeat::Infinite,
    }
}

/// Writes RGB pixels as a PNG file (to look at a frame).
///
/// # Panics
/// If the file cannot be written.
pub fn write_png(path: &std::path::Path, w: usize, h: usize, rgb: &[u8]) {
    let file = std::fs::File::create(path).expect("a PNG file");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w as u32, h as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().expect("a PNG header");
    writer.write_image_data(rgb).expect("PNG data");
}

fn to_rgb(canvas: &[u8], palette: &[u8]) -> Vec<u8> {
    canvas
        .iter()
        .flat_map(|&i| {
            let k = 3 * usize::from(i);
            [palette[k], palette[k + 1], palette[k + 2]]
        })
        .collect()
}

/// The screen after each picture of `bytes`, as palette indices, one picture at a time.
pub struct Player<'a> {
    decoder: gif::Decoder<&'a [u8]>,
    pub canvas: Vec<u8>,
    width: usize,
    last_delay: u16,
}

impl<'a> Player<'a> {
    /// # Panics
    /// If the bytes are not a GIF.
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> Self {
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let decoder = opts.read_info(bytes).expect("a GIF");
        let width = usize::from(decoder.width());
        let canvas = vec![0; width * usize::from(decoder.height())];
        Self {
            decoder,
            canvas,
            width,
            last_delay: 0,
        }
    }

    /// Show the next picture (its frames); `false` after the last.
    ///
    /// # Panics
    /// If a frame does not decode, or the GIF ends within a picture.
    pub fn step(&mut self) -> bool {
        let mut any = false;
        while self.frame() {
            any = true;
            if self.last_delay != SUB_FRAME_CS {
                return true;
            }
        }
        assert!(!any, "the GIF ends within a picture");
        false
    }

    /// Show the next frame; `false` after the last.
    fn frame(&mut self) -> bool {
        let Some(f) = self.decoder.read_next_frame().expect("a frame") else {
            return false;
        };
        self.last_delay = f.delay;
        let (fw, left, top) = (
            usize::from(f.width),
            usize::from(f.left),
            usize::from(f.top),
        );
        for (y, row) in f.buffer.chunks_exact(fw.max(1)).enumerate() {
            let at = (top + y) * self.width + left;
            for (c, &i) in self.canvas[at..at + fw].iter_mut().zip(row.iter()) {
                if Some(i) != f.transparent {
                    *c = i;
                }
            }
        }
        true
    }
}
