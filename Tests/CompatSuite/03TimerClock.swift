import Combine
import WaylandUI

struct TimerClockView: View {
    @State private var secondsElapsed = 0
    @State private var isRunning = true
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        VStack {
            Text("\(secondsElapsed / 60):\(String(format: "%02d", secondsElapsed % 60))")
                .font(.system(size: 48, weight: .semibold, design: .monospaced))
                .monospacedDigit()
            Button(isRunning ? "Pause" : "Resume") {
                isRunning.toggle()
            }
        }
        .onReceive(timer) { _ in
            guard isRunning else { return }
            secondsElapsed += 1
        }
    }
}

#Preview("Timer") {
    TimerClockView()
}
