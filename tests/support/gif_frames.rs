//! Animated GIFs decoded with the `gif` crate's decoder and composited as a viewer shows
//! them (each frame drawn over the one before, transparent pixels keeping what was there).
#![allow(dead_code)]

/// One frame as shown: RGB pixels of the whole screen (only for the frames asked for,
/// and the last one; else empty), and its delay.
pub struct Shown {
    pub rgb: Vec<u8>,
    pub delay_cs: u16,
    /// The rectangle the frame itself covered: left, top, width, height.
    pub rect: (u16, u16, u16, u16),
}

/// A decoded animation.
pub struct Decoded {
    pub width: usize,
    pub height: usize,
    pub frames: Vec<Shown>,
    pub repeat_forever: bool,
}

/// Decodes `bytes` and composites every frame, keeping the pixels of frames `keep` and of
/// the last one.
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
    let mut frames = Vec::new();
    while let Some(f) = d.read_next_frame().expect("a frame") {
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
        let rgb = if keep.contains(&frames.len()) {
            to_rgb(&canvas, &palette)
        } else {
            Vec::new()
        };
        frames.push(Shown {
            rgb,
            delay_cs: f.delay,
            rect: (f.left, f.top, f.width, f.height),
        });
    }
    if let Some(last) = frames.last_mut() {
        last.rgb = to_rgb(&canvas, &palette);
    }
    Decoded {
        width: w,
        height: h,
        frames,
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

/// The screen after each frame of `bytes`, as palette indices, one frame at a time.
pub struct Player<'a> {
    decoder: gif::Decoder<&'a [u8]>,
    pub canvas: Vec<u8>,
    width: usize,
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
        }
    }

    /// Show the next frame; `false` after the last.
    ///
    /// # Panics
    /// If a frame does not decode.
    pub fn step(&mut self) -> bool {
        let Some(f) = self.decoder.read_next_frame().expect("a frame") else {
            return false;
        };
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
