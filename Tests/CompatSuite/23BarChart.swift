import WaylandUI

struct BarChart: View {
    let values: [Double]
    let labels: [String]

    var body: some View {
        GeometryReader { geo in
            let maxValue = values.max() ?? 1
            HStack(alignment: .bottom, spacing: 8) {
                ForEach(values.indices, id: \.self) { index in
                    VStack {
                        RoundedRectangle(cornerRadius: 4)
                            .fill(index == values.count - 1 ? Color.accentColor : Color.gray.opacity(0.5))
                            .frame(height: max(2, (geo.size.height - 20) * values[index] / maxValue))
                        Text(labels[index])
                            .font(.caption2)
                    }
                }
            }
        }
    }
}

struct SparkLine: View {
    let points: [Double]

    var body: some View {
        Canvas { context, size in
            guard points.count > 1, let top = points.max(), let bottom = points.min(), top > bottom else { return }
            var path = Path()
            for (index, value) in points.enumerated() {
                let x = size.width * CGFloat(index) / CGFloat(points.count - 1)
                let y = size.height * (1 - CGFloat((value - bottom) / (top - bottom)))
                if index == 0 {
                    path.move(to: CGPoint(x: x, y: y))
                } else {
                    path.addLine(to: CGPoint(x: x, y: y))
                }
            }
            context.stroke(path, with: .color(.green), lineWidth: 2)
        }
    }
}

#Preview("Charts", traits: .fixedLayout(width: 300, height: 260)) {
    VStack {
        BarChart(values: [3, 5, 2, 8, 6], labels: ["M", "T", "W", "T", "F"])
            .frame(height: 150)
        SparkLine(points: [1, 4, 2, 6, 3, 7, 5])
            .frame(height: 60)
    }
    .padding()
}
