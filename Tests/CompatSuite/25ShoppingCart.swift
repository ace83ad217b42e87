import Combine
import WaylandUI

struct Product: Identifiable, Hashable {
    let id: Int
    let name: String
    let price: Decimal
}

class CartModel: ObservableObject {
    @Published var items: [Product: Int] = [:]

    var total: Decimal {
        items.reduce(0) { $0 + $1.key.price * Decimal($1.value) }
    }

    func add(_ product: Product) {
        items[product, default: 0] += 1
    }
}

struct ProductRow: View {
    @EnvironmentObject var cart: CartModel
    let product: Product

    var body: some View {
        HStack {
            Text(product.name)
            Spacer()
            Text(product.price, format: .currency(code: "EUR"))
                .foregroundColor(.secondary)
            Button {
                cart.add(product)
            } label: {
                Image(systemName: "cart.badge.plus")
            }
            .buttonStyle(.borderless)
        }
    }
}

struct ShopView: View {
    @EnvironmentObject var cart: CartModel
    let products = [
        Product(id: 1, name: "Coffee beans", price: 12.5),
        Product(id: 2, name: "Mug", price: 8),
        Product(id: 3, name: "Grinder", price: 49.99),
    ]

    var body: some View {
        VStack {
            List(products) { product in
                ProductRow(product: product)
            }
            HStack {
                Text("Total").font(.headline)
                Spacer()
                Text(cart.total, format: .currency(code: "EUR")).font(.headline)
            }
            .padding()
        }
    }
}

#Preview {
    ShopView()
        .environmentObject(CartModel())
}
