import WaylandUI

enum OrderState {
    case placed
    case shipped(carrier: String)
    case delivered
    case cancelled(reason: String)
}

struct OrderStatusView: View {
    let state: OrderState

    var body: some View {
        HStack(spacing: 12) {
            icon
                .font(.title)
                .frame(width: 40)
            VStack(alignment: .leading) {
                Text(title).font(.headline)
                detail
            }
            Spacer()
        }
        .padding()
    }

    @ViewBuilder
    private var icon: some View {
        switch state {
        case .placed:
            Image(systemName: "cart").foregroundColor(.blue)
        case .shipped:
            Image(systemName: "shippingbox").foregroundColor(.orange)
        case .delivered:
            Image(systemName: "checkmark.seal.fill").foregroundColor(.green)
        case .cancelled:
            Image(systemName: "xmark.octagon").foregroundColor(.red)
        }
    }

    private var title: String {
        switch state {
        case .placed: return "Order placed"
        case .shipped: return "On its way"
        case .delivered: return "Delivered"
        case .cancelled: return "Cancelled"
        }
    }

    @ViewBuilder
    private var detail: some View {
        if case .shipped(let carrier) = state {
            Text("With \(carrier)").font(.subheadline)
        } else if case .cancelled(let reason) = state {
            Text(reason).font(.subheadline).foregroundColor(.secondary)
        }
    }
}

struct OrderStatusView_Previews: PreviewProvider {
    static var previews: some View {
        VStack {
            OrderStatusView(state: .placed)
            OrderStatusView(state: .shipped(carrier: "DHL"))
            OrderStatusView(state: .delivered)
            OrderStatusView(state: .cancelled(reason: "Out of stock"))
        }
    }
}
