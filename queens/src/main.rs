fn main() {
    println!("queens: not built yet");
}
