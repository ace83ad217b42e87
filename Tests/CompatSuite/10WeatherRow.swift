import Foundation
import WaylandUI

struct DayForecast: Identifiable {
    let id = UUID()
    let day: String
    let symbol: String
    let high: Double
    let low: Double
}

struct WeatherRow: View {
    let forecast: DayForecast

    var body: some View {
        HStack {
            Text(forecast.day)
                .frame(width: 50, alignment: .leading)
            Image(systemName: forecast.symbol)
                .symbolRenderingMode(.multicolor)
                .imageScale(.large)
                .frame(width: 30)
            Spacer()
            Text("\(Int(forecast.low))°")
                .foregroundColor(.secondary)
            Capsule()
                .fill(LinearGradient(colors: [.cyan, .orange], startPoint: .leading, endPoint: .trailing))
                .frame(width: 80, height: 4)
            Text("\(Int(forecast.high))°")
        }
        .font(.body.monospacedDigit())
    }
}

struct WeeklyForecast: View {
    let days = [
        DayForecast(day: "Mon", symbol: "sun.max.fill", high: 24, low: 14),
        DayForecast(day: "Tue", symbol: "cloud.sun.fill", high: 21, low: 13),
        DayForecast(day: "Wed", symbol: "cloud.rain.fill", high: 17, low: 11),
        DayForecast(day: "Thu", symbol: "cloud.bolt.fill", high: 16, low: 10),
    ]

    var body: some View {
        VStack(alignment: .leading) {
            Label("10-DAY FORECAST", systemImage: "calendar")
                .font(.caption)
                .foregroundColor(.secondary)
            ForEach(days) { day in
                Divider()
                WeatherRow(forecast: day)
            }
        }
        .padding()
        .background(.ultraThinMaterial, in: RoundedRectangle(cornerRadius: 16))
        .padding()
    }
}

struct WeeklyForecast_Previews: PreviewProvider {
    static var previews: some View {
        WeeklyForecast()
            .previewLayout(.sizeThatFits)
    }
}
