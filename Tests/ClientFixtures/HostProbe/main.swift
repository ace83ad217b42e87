// A WaylandUI app for host tests: a fixed scene exercising fills, strokes, gradients, text (a pinned
// font), clipping, masking, opacity and shadow, so the same frame can be compared through the
// compositor and offscreen. `--tick N` changes one label N times, 50 ms apart, then stops; `--count N`
// starts the label at N; `--close-sockets` closes every socket of the process half a second in;
// `--missing-image` adds two views of an image that does not exist; `--scroll` shows a scroll view of 30 coloured 40-point rows instead (row n: red n·8, green 255 − n·8, blue 128);
// `--images BUNDLE` shows the image sets "Checker" (natural size) and "Grey" (80x80 points) of BUNDLE's asset
// catalog instead, and `--also PATH` an image file beside them (120x80 points).
import Foundation
import WaylandUI

@MainActor
final class Ticker: ObservableObject {
    @Published var count = 0
    private var timer: Timer?

    func start(times: Int) {
        guard times > 0 else { return }
        timer = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.count += 1
                if self.count >= times { self.timer?.invalidate() }
            }
        }
    }
}

struct ProbeScene: View {
    @ObservedObject var ticker: Ticker

    var body: some View {
        ZStack {
            LinearGradient(colors: [.white, .mint], startPoint: .top, endPoint: .bottom)
            VStack(spacing: 12) {
                HStack(spacing: 12) {
                    Circle().fill(Color.blue).frame(width: 60, height: 60).shadow(radius: 3)
                    RoundedRectangle(cornerRadius: 10).stroke(Color.red, lineWidth: 3).frame(width: 80, height: 50)
                    Rectangle().fill(Color.orange).frame(width: 60, height: 60).opacity(0.5)
                }
                Text("Ticks: \(ticker.count)")
                    .font(.custom("DejaVu Sans", size: 18))
                    .foregroundColor(.black)
                Color.purple
                    .frame(width: 160, height: 40)
                    .mask(Capsule())
                if CommandLine.arguments.contains("--missing-image") {
                    Image("NoSuchImage").resizable().frame(width: 40, height: 30)
                    Image("NoSuchImage").resizable().frame(width: 20, height: 10)
                }
                Text("Просмотр · 手势")
                    .font(.custom("DejaVu Sans", size: 16))
                    .padding(8)
                    .background(Color.yellow)
                    .clipShape(RoundedRectangle(cornerRadius: 8))
            }
        }
    }
}

/// Two asset images and maybe a file, on white.
struct ImagesScene: View {
    let bundle: Bundle?
    let also: String?

    var body: some View {
        HStack(spacing: 10) {
            Image("Checker", bundle: bundle)
            Image("Grey", bundle: bundle).resizable().frame(width: 80, height: 80)
            if let also { Image(also).resizable().frame(width: 120, height: 80) }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color.white)
    }
}

/// Thirty rows whose colours encode their index, in a scroll view filling the window.
struct ScrollScene: View {
    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<30) { row in
                    Color(red: Double(row * 8) / 255, green: Double(255 - row * 8) / 255, blue: 128 / 255)
                        .frame(height: 40)
                }
            }
        }
    }
}

@MainActor
let ticker = Ticker()

/// The value after `name` on the command line.
func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

@main
struct HostProbeApp: App {
    init() {
        let arguments = CommandLine.arguments
        if let index = arguments.firstIndex(of: "--count"), index + 1 < arguments.count,
            let count = Int(arguments[index + 1])
        {
            ticker.count = count
        }
        if let index = arguments.firstIndex(of: "--tick"), index + 1 < arguments.count,
            let times = Int(arguments[index + 1])
        {
            ticker.start(times: times)
        }
        if arguments.contains("--close-sockets") {
            // A buggy library closing descriptors it does not own: every socket, the Wayland connection's included.
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
                for name in descriptors {
                    guard let descriptor = Int32(name),
                        let target = try? FileManager.default.destinationOfSymbolicLink(
                            atPath: "/proc/self/fd/\(name)"),
                        target.hasPrefix("socket:")
                    else { continue }
                    close(descriptor)
                }
                print("closed every socket")
            }
        }
    }

    var body: some Scene {
        WindowGroup("host probe") {
            if let bundle = argument("--images") {
                ImagesScene(bundle: Bundle(path: bundle), also: argument("--also"))
            } else if CommandLine.arguments.contains("--scroll") {
                ScrollScene()
            } else {
                ProbeScene(ticker: ticker)
            }
        }
        .defaultSize(width: 400, height: 300)
    }
}
